export { CrashScreen, NotFoundCard, StatusScreen } from "./error-screens";
