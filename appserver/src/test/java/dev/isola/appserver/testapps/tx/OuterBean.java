package dev.isola.appserver.testapps.tx;

import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.ejb.SessionContext;
import jakarta.ejb.Stateless;

import javax.sql.DataSource;

/** A REQUIRED caller: writes its own row, calls an attribute method, then commits or rolls back. */
@Stateless
public class OuterBean {
    @EJB
    private AttributeBean inner;
    @Resource
    private DataSource ds;
    @Resource
    private SessionContext context;

    /** @return what the inner call threw ("ok" if nothing) */
    public String call(String attribute, String tag, String outcome, boolean rollbackOuter) {
        Ledger.insert(ds, tag + "-outer");
        String result = AttributeBean.call(inner, attribute, tag, outcome);
        if (rollbackOuter) {
            context.setRollbackOnly();
        }
        return result;
    }
}
