package dev.isola.appserver.testapps.timers;

import jakarta.ejb.EJB;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;

/** {@code GET /timers?op=remind|every|cancel|list|unserializable|remind-then-fail|cancel-then-fail}: drives {@link ReminderBean}; a refusal answers its message. */
@WebServlet("/timers")
public class TimersServlet extends HttpServlet {

    @EJB
    private ReminderBean reminders;
    @EJB
    private HeartbeatBean heartbeat;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setContentType("text/plain");
        String info = request.getParameter("info");
        String answer;
        try {
            answer = switch (String.valueOf(request.getParameter("op"))) {
                case "remind" -> reminders.remind(info, Long.parseLong(request.getParameter("ms")), Boolean.parseBoolean(request.getParameter("persistent")));
                case "every" -> reminders.every(info, Long.parseLong(request.getParameter("ms")), Long.parseLong(request.getParameter("interval")));
                case "cancel" -> reminders.cancel(info);
                case "list" -> reminders.list();
                case "heartbeats" -> Integer.toString(heartbeat.timers());
                case "handle" -> reminders.handle(info, request.getParameter("kept"));
                case "unserializable" -> reminders.rememberUnserializable();
                case "remind-then-fail" -> reminders.remindThenFail(info);
                case "cancel-then-fail" -> reminders.cancelThenFail(info);
                default -> "op is one of remind, every, cancel, list, unserializable";
            };
        } catch (RuntimeException | IOException | ClassNotFoundException e) {
            answer = "refused: " + e.getClass().getSimpleName() + ": " + e.getMessage();
        }
        response.getWriter().print(answer);
    }
}
