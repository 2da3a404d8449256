/** The 404 screen; its page lives in components/screens/ because other screens show it too. */
export { NotFoundPage } from '@web/components/screens/NotFoundPage';
