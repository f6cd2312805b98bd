import * as z from 'zod'
import { zVideoAccessInput } from '@/api/generated/zod.gen'
import { defaultUploadDetails, publications, type UploadDetailsValues } from '../upload-details'

// The details for every file survive a reload in localStorage. The channel chosen in the form is
// restored only while the app's channel (the screen's default) is the one it was chosen under, so
// switching channels in the app still sets it.
export const DETAILS_STORAGE_KEY = 'uploads:details'

// Loose on purpose: each field that still has the right shape is restored, the rest default
// (values are checked by the form's schema once restored).
const loose = <Schema extends z.ZodType>(schema: Schema) => schema.optional().catch(undefined)
const saved = z.object({
  defaultChannelId: z.string().catch(''),
  values: z
    .object({
      channelId: loose(z.string()),
      captionPattern: loose(z.string()),
      description: loose(z.string()),
      hashtags: loose(z.string()),
      access: loose(zVideoAccessInput),
      publish: loose(z.enum(publications)),
      publishAt: loose(z.string()),
      storeId: loose(z.string()),
      productIds: loose(z.array(z.string().min(1))),
      variantIds: loose(z.array(z.string().min(1))),
      hiddenFromProducts: loose(z.boolean()),
      // Saved before variants could be tagged: the products' ids are kept.
      products: loose(z.array(z.object({ id: z.string().min(1) }))),
    })
    .catch({}),
})

export function loadDetails(defaultChannelId: string): UploadDetailsValues | null {
  let text: string | null = null
  try {
    text = window.localStorage.getItem(DETAILS_STORAGE_KEY)
  } catch {
    return null
  }
  if (!text) return null
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return null
  }
  const parsed = saved.safeParse(json)
  if (!parsed.success) return null
  const { values, defaultChannelId: savedDefault } = parsed.data
  const { products, ...current } = values
  const restored = {
    ...defaultUploadDetails(defaultChannelId),
    ...(products ? { productIds: products.map((product) => product.id) } : {}),
    ...stripUndefined(current),
  }
  if (savedDefault !== defaultChannelId) restored.channelId = defaultChannelId
  return restored
}

export function saveDetails(defaultChannelId: string, values: UploadDetailsValues) {
  try {
    window.localStorage.setItem(DETAILS_STORAGE_KEY, JSON.stringify({ defaultChannelId, values }))
  } catch {
    // Storage full or blocked: the details still apply to this visit.
  }
}

export function clearDetails() {
  try {
    window.localStorage.removeItem(DETAILS_STORAGE_KEY)
  } catch {
    // Nothing was saved.
  }
}

const stripUndefined = <Values extends object>(values: Values) =>
  Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined),
  ) as Partial<Values>
