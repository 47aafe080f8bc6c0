package dev.isola.appserver.testapps.bench;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import javax.sql.DataSource;
import java.io.IOException;

/** The baseline's servlet: the same JDBC work, done directly on a pooled datasource. */
public class PlainItemServlet extends HttpServlet {
    private final transient DataSource ds;

    public PlainItemServlet(DataSource ds) {
        this.ds = ds;
    }

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        resp.setContentType("text/plain");
        resp.getWriter().print(ItemSql.describe(ds, Integer.parseInt(req.getParameter("id"))));
    }
}
