package dev.isola.appserver.testapps.leak;

import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import javax.sql.DataSource;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.Future;

/** Touches everything that could keep an application's class loader alive: beans, async calls, timers, JDBC, JSP. */
@WebServlet("/touch")
public class LeakServlet extends HttpServlet {
    @EJB
    private LeakBean bean;

    @Resource
    private DataSource ds;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        try (Connection c = ds.getConnection()) {
            Future<String> f = bean.later();
            resp.getWriter().print(bean.now() + " " + f.get() + " " + c.isValid(1));
        } catch (SQLException | InterruptedException | java.util.concurrent.ExecutionException e) {
            throw new IOException(e);
        }
    }
}
