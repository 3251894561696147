export { CoursePageView } from "./course-page";
