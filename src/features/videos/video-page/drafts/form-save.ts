import type { FieldValues, UseFormReturn } from 'react-hook-form'

/** A form's submit as a draft's save: false when its values are invalid or `persist` says so. */
export const formSave =
  <T extends FieldValues, C, V>(
    form: UseFormReturn<T, C, V>,
    persist: (values: V) => Promise<boolean>,
  ) =>
  () =>
    new Promise<boolean>((resolve) => {
      void form.handleSubmit(
        async (values) => resolve(await persist(values)),
        () => resolve(false),
      )()
    })
