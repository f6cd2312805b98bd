import { requiredRoleOf } from './operation-roles'
import type { OperationId } from './operations.gen'
import type { Role } from './roles'

// What each operation of the contract does, as a verb phrase a marketer would use. Typed against
// the contract's operations, so a new operation without a phrase fails the type check, and no
// refusal ever shows an operation's internal name.
export const operationPhrases: Record<OperationId, string> = {
  createUploadSignature: 'upload videos',
  createMultipartSignature: 'upload videos',
  completeMultipartUpload: 'upload videos',
  listVideos: 'see videos',
  createVideo: 'add videos',
  getVideo: 'see videos',
  updateVideo: 'edit videos',
  deleteVideo: 'delete videos',
  archiveVideo: 'archive videos',
  unarchiveVideo: 'restore archived videos',
  publishVideo: 'publish videos',
  unpublishVideo: 'unpublish videos',
  listSubtitles: 'see subtitles',
  addSubtitle: 'add subtitles',
  deleteSubtitle: 'delete subtitles',
  addPoster: 'add posters',
  updatePosterWeights: 'change how often posters show',
  updatePosterWeight: 'change how often posters show',
  deletePoster: 'delete posters',
  getVideoDownload: 'download videos',
  getVideoDownloadUrls: 'download videos',
  listProductMatches: 'see AI matches',
  startProductMatching: 'find products with AI',
  acceptProductMatches: 'review AI matches',
  getVideoImport: 'see imports',
  listBusinessStores: 'see stores',
  createBusinessStore: 'add stores',
  getBusinessStore: 'see stores',
  updateBusinessStore: 'change stores',
  deleteBusinessStore: 'delete stores',
  listPlaylists: 'see playlists',
  createPlaylist: 'create playlists',
  getPlaylist: 'see playlists',
  updatePlaylist: 'edit playlists',
  deletePlaylist: 'delete playlists',
  listPlaylistVideos: 'see playlists',
  reorderPlaylistVideos: 'reorder playlists',
  addPlaylistVideo: 'add videos to playlists',
  removePlaylistVideo: 'remove videos from playlists',
  pinPlaylistVideo: 'pin videos in playlists',
  unpinPlaylistVideo: 'unpin videos in playlists',
  listChannels: 'see channels',
  listProducts: 'see the catalog',
  upsertProduct: 'change the catalog',
  getProduct: 'see the catalog',
  listProductVideos: 'see the catalog',
}

const rolesWhoCan: Record<Role, string> = {
  viewer: 'Everyone',
  editor: 'Editors',
  admin: 'Admins',
}

/** Who may perform an operation, in plain words: "Editors can reorder playlists". */
export const whoCan = (operationId: OperationId): string =>
  `${rolesWhoCan[requiredRoleOf(operationId)]} can ${operationPhrases[operationId]}`
