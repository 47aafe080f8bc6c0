package dev.isola.appserver.ejb;

import dev.isola.appserver.naming.JavaContext;
import dev.isola.appserver.naming.NamingScopes;
import dev.isola.appserver.security.Caller;
import dev.isola.appserver.security.UserPrincipal;
import dev.isola.appserver.tx.LocalTransaction;
import jakarta.ejb.EJBContext;
import jakarta.ejb.EJBHome;
import jakarta.ejb.EJBLocalHome;
import jakarta.ejb.TimerService;
import jakarta.transaction.UserTransaction;

import javax.naming.NamingException;
import java.security.Principal;
import java.util.HashMap;
import java.util.Map;

/**
 * What every bean's context offers ({@link EJBContext}): transaction control, the timer
 * service, the bean's naming environment, the data of the current call. One object serves all
 * instances of a bean: what it answers depends on the call the thread is serving
 * ({@link CurrentCall}), which is what the specification's per-instance context would answer too.
 */
abstract sealed class BeanContext implements EJBContext permits BeanSessionContext, BeanMessageDrivenContext {

    private static final Principal ANONYMOUS = new UserPrincipal(Caller.ANONYMOUS);

    final BeanContainer container;

    BeanContext(BeanContainer container) {
        this.container = container;
    }

    @Override
    public Map<String, Object> getContextData() {
        CurrentCall call = CurrentCall.get();
        return call == null ? new HashMap<>() : call.contextData();
    }

    @Override
    public Principal getCallerPrincipal() {
        Caller caller = caller();
        return caller == null ? ANONYMOUS : new UserPrincipal(caller.name());
    }

    @Override
    public boolean isCallerInRole(String roleName) {
        return container.roleMapping().grants(caller(), roleName);
    }

    /** The caller of the business call this thread serves: null for none (anonymous) and in the container's own calls. */
    private static Caller caller() {
        CurrentCall call = CurrentCall.get();
        return call == null ? null : call.caller();
    }

    @Override
    public UserTransaction getUserTransaction() {
        if (!container.definition.beanManagedTransactions()) {
            throw new IllegalStateException("bean " + container.name() + " has container-managed transactions; UserTransaction is for bean-managed ones");
        }
        return container.application.userTransaction();
    }

    @Override
    public void setRollbackOnly() {
        requireTransaction("setRollbackOnly").setRollbackOnly();
    }

    @Override
    public boolean getRollbackOnly() {
        return requireTransaction("getRollbackOnly").isRollbackOnly();
    }

    private LocalTransaction requireTransaction(String operation) {
        if (container.definition.beanManagedTransactions()) {
            throw new IllegalStateException(operation + " is for container-managed transactions; bean " + container.name() + " manages its own");
        }
        LocalTransaction tx = container.services.transactionManager().currentTransaction();
        if (tx == null) {
            throw new IllegalStateException(operation + ": bean " + container.name() + " is not running in a transaction");
        }
        return tx;
    }

    @Override
    public TimerService getTimerService() {
        return container.application.timerService(container);
    }

    @Override
    public Object lookup(String name) {
        String absolute = name.startsWith("java:") ? name : "java:comp/env/" + name;
        try (var _ = NamingScopes.enter(container.scopes)) {
            return JavaContext.lookupAbsolute(absolute);
        } catch (NamingException e) {
            throw new IllegalArgumentException(name + ": " + e.getMessage(), e);
        }
    }

    static CurrentCall requireCall(String operation) {
        CurrentCall call = CurrentCall.get();
        if (call == null) {
            throw new IllegalStateException(operation + " is only available while the bean serves a call");
        }
        return call;
    }

    @Override
    public EJBHome getEJBHome() {
        throw new IllegalStateException("EJB 2.x homes are not supported");
    }

    @Override
    public EJBLocalHome getEJBLocalHome() {
        throw new IllegalStateException("EJB 2.x homes are not supported");
    }
}
