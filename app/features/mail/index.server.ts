export { sendMail, type Mail } from "./mail.server";
