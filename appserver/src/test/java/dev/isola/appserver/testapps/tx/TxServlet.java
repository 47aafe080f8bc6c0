package dev.isola.appserver.testapps.tx;

import jakarta.ejb.EJB;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;

@WebServlet("/tx")
public class TxServlet extends HttpServlet {
    @EJB
    private AttributeBean attributes;
    @EJB
    private OuterBean outer;
    @EJB
    private ManualBean manual;
    @EJB
    private ConnectionsBean connections;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        resp.setContentType("text/plain");
        String tag = req.getParameter("tag");
        String result;
        try {
            result = switch (req.getParameter("op")) {
                case "direct" -> AttributeBean.call(attributes, req.getParameter("attr"), tag, req.getParameter("outcome"));
                case "nested" -> outer.call(req.getParameter("attr"), tag, req.getParameter("outcome"), Boolean.parseBoolean(req.getParameter("rollbackOuter")));
                case "bmt" -> {
                    manual.write(tag, Boolean.parseBoolean(req.getParameter("commit")));
                    yield "ok";
                }
                case "bmt-forget" -> {
                    try {
                        manual.forget(tag);
                        yield "ok";
                    } catch (jakarta.ejb.EJBException e) {
                        yield "EJBException: " + e.getMessage();
                    }
                }
                case "same-connection" -> connections.sameConnection(tag);
                case "two-datasources" -> connections.twoDataSources(tag);
                default -> throw new IllegalArgumentException(req.getParameter("op"));
            };
        } catch (Exception e) {
            result = "failed: " + e;
        }
        resp.getWriter().print(result);
    }
}
