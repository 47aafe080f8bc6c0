package dev.isola.appserver.testapps.taskdefs;

import jakarta.ejb.EJB;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import javax.naming.InitialContext;
import javax.naming.NamingException;
import java.io.IOException;

/** Calls DescribedTasksBean; and shows that the bean's java:comp executor is the bean's alone. */
@WebServlet("/described-tasks")
public class DescribedTasksServlet extends HttpServlet {

    @EJB
    private DescribedTasksBean bean;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String servletSees;
        try {
            new InitialContext().lookup("java:comp/concurrent/BeanExecutor");
            servletSees = "the bean's executor";
        } catch (NamingException e) {
            servletSees = "no bean executor";
        }
        try {
            resp.getWriter().print(bean.mostAtOnce() + "; the servlet sees " + servletSees);
        } catch (Exception e) {
            throw new IOException(e);
        }
    }
}
