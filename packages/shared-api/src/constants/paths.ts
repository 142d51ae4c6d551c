/** Base path of every API call (spec section 7); the apps may override it at runtime. */
export const API_BASE_PATH = '/api/v1';

/** Paths of the API calls under API_BASE_PATH, as spec section 7 spells them. */
export const API_PATHS = {
  signIn: '/admin/signIn',
  getUserProfile: '/admin/getUserProfile',
  forgotPassword: '/admin/forgotPassword',
  verifyResetPasswordToken: '/admin/verifyResetPasswordToken',
  resetPassword: '/admin/resetPassword',
  changePassword: '/admin/changePassword',
  logout: '/admin/logout',
  changeStatus: '/admin/changeStatus',
  getAllFans: '/admin/getAllFans',
  getFanDetail: '/admin/getFanDetail',
  getFanDetails: '/admin/getFanDetails',
  getAllInfluencers: '/admin/getAllInfluencers',
  getInfluencerDetail: '/admin/getInfluencerDetail',
  updateUserProfile: '/admin/updateUserProfile',
  getAllRequests: '/admin/getAllRequests',
  getRequestDetail: '/admin/getRequestDetail',
  decideRequest: '/admin/decideRequest',
  createInfluencerRequest: '/admin/createInfluencerRequest',
  getCategories: '/admin/getCategories',
  getLanguages: '/admin/getLanguages',
  getAllRedemptions: '/redemption/getAll',
} as const;
