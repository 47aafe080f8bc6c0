package dev.isola.domains.testapp.warbeans;

import jakarta.annotation.Resource;
import jakarta.ejb.SessionContext;
import jakarta.ejb.Singleton;

/** A singleton packaged in a WAR's WEB-INF/classes: in a separated domain it runs in the EJB isolate. */
@Singleton
public class TallyBean implements Tally {

    @Resource
    private SessionContext context;
    private int sum;

    @Override
    public synchronized String add(int amount) {
        sum += amount;
        return "sum=" + sum + " module=" + context.lookup("java:module/ModuleName") + " pid=" + ProcessHandle.current().pid();
    }
}
