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
  getAllRedemptions: '/redemption/getAll',
} as const;
