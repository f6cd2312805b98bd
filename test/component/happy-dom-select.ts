// happy-dom lacks HTMLSelectElement.size and HTMLOptionElement.defaultSelected. react-hook-form
// reads both to tell whether a select was edited before the form was ready; without them every
// select counts as edited and its stored value is replaced by the first option. Browsers have both.
if (!('size' in HTMLSelectElement.prototype)) {
  Object.defineProperty(HTMLSelectElement.prototype, 'size', {
    configurable: true,
    get(this: HTMLSelectElement) {
      return Number(this.getAttribute('size')) || 0
    },
  })
}
if (!('defaultSelected' in HTMLOptionElement.prototype)) {
  Object.defineProperty(HTMLOptionElement.prototype, 'defaultSelected', {
    configurable: true,
    get(this: HTMLOptionElement) {
      return this.hasAttribute('selected')
    },
  })
}
