// The async boundary lets Module Federation resolve shared singletons before any app code runs.
void import(/* webpackChunkName: "bootstrap" */ './bootstrap');
