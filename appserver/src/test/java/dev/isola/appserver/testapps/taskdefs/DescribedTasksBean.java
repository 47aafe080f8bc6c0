package dev.isola.appserver.testapps.taskdefs;

import jakarta.ejb.Stateless;
import jakarta.enterprise.concurrent.ManagedExecutorService;

import javax.naming.InitialContext;

/** Runs tasks on the executors its ejb-jar.xml entry and its application.xml define, looked up by name. */
@Stateless
public class DescribedTasksBean {

    public String mostAtOnce() throws Exception {
        InitialContext ctx = new InitialContext();
        ManagedExecutorService own = (ManagedExecutorService) ctx.lookup("java:comp/concurrent/BeanExecutor");
        ManagedExecutorService shared = (ManagedExecutorService) ctx.lookup("java:app/concurrent/AppExecutor");
        return "bean's at most " + MostAtOnce.of(own, 4) + ", application's at most " + MostAtOnce.of(shared, 4);
    }
}
