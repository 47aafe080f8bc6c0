package dev.isola.appserver.testapps.datasources;

import jakarta.annotation.Resource;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import javax.sql.DataSource;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;

/** Reports where its two datasources point: the default one and one from the server configuration. */
@WebServlet("/where")
public class DataSourcesServlet extends HttpServlet {
    @Resource
    private DataSource defaultDataSource;

    @Resource(lookup = "java:global/jdbc/net")
    private DataSource configured;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        try (Connection a = defaultDataSource.getConnection(); Connection b = configured.getConnection()) {
            resp.getWriter().print("default=" + a.getMetaData().getURL() + "\nconfigured=" + b.getMetaData().getURL());
        } catch (SQLException e) {
            throw new IOException(e);
        }
    }
}
