package dev.isola.appserver.ejb;

import dev.isola.appserver.naming.JavaContext;
import dev.isola.appserver.naming.NamingScopes;
import dev.isola.appserver.tx.LocalTransaction;
import jakarta.ejb.EJBLocalHome;
import jakarta.ejb.EJBLocalObject;
import jakarta.ejb.EJBHome;
import jakarta.ejb.EJBObject;
import jakarta.ejb.SessionContext;
import jakarta.ejb.TimerService;
import jakarta.transaction.UserTransaction;

import javax.naming.NamingException;
import java.security.Principal;
import java.util.HashMap;
import java.util.Map;

/**
 * The {@link SessionContext} of a bean. One object serves all instances of the bean: what it
 * answers depends on the call the thread is serving ({@link CurrentCall}), which is what the
 * specification's per-instance context would answer too.
 */
final class BeanSessionContext implements SessionContext {

    private static final Principal ANONYMOUS = () -> "ANONYMOUS";

    private final BeanContainer container;

    BeanSessionContext(BeanContainer container) {
        this.container = container;
    }

    @Override
    public <T> T getBusinessObject(Class<T> businessInterface) {
        View view = container.view(businessInterface.getName());
        CurrentCall call = requireCall("getBusinessObject");
        ViewReference ref = call.reference();
        java.util.UUID session = ref != null ? ref.session() : null;
        if (container instanceof StatefulContainer && session == null) {
            throw new IllegalStateException("getBusinessObject is not available for stateful bean " + container.name() + " before it has a session");
        }
        return businessInterface.cast(container.proxy(new ViewReference(container.application.name(), container.name(), view.type().getName(), session)));
    }

    @Override
    public Class<?> getInvokedBusinessInterface() {
        CurrentCall call = requireCall("getInvokedBusinessInterface");
        if (call.reference() == null) {
            throw new IllegalStateException("not in a business method call");
        }
        return container.view(call.reference().viewType()).type();
    }

    @Override
    public boolean wasCancelCalled() {
        CurrentCall call = requireCall("wasCancelCalled");
        if (call.cancelled() == null) {
            throw new IllegalStateException("wasCancelCalled is only available in an asynchronous method");
        }
        return call.cancelled().get();
    }

    @Override
    public Map<String, Object> getContextData() {
        CurrentCall call = CurrentCall.get();
        return call == null ? new HashMap<>() : call.contextData();
    }

    @Override
    public Principal getCallerPrincipal() {
        return ANONYMOUS;
    }

    @Override
    public boolean isCallerInRole(String roleName) {
        return false;
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

    private static CurrentCall requireCall(String operation) {
        CurrentCall call = CurrentCall.get();
        if (call == null) {
            throw new IllegalStateException(operation + " is only available while the bean serves a call");
        }
        return call;
    }

    @Override
    public EJBLocalObject getEJBLocalObject() {
        throw new IllegalStateException("EJB 2.x component views are not supported");
    }

    @Override
    public EJBObject getEJBObject() {
        throw new IllegalStateException("EJB 2.x component views are not supported");
    }

    @Override
    public EJBHome getEJBHome() {
        throw new IllegalStateException("EJB 2.x homes are not supported");
    }

    @Override
    public EJBLocalHome getEJBLocalHome() {
        throw new IllegalStateException("EJB 2.x homes are not supported");
    }

    @Override
    public String toString() {
        return "SessionContext[" + container.name() + "]";
    }
}
