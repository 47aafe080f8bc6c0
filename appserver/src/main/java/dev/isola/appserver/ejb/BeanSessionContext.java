package dev.isola.appserver.ejb;

import jakarta.ejb.EJBLocalObject;
import jakarta.ejb.EJBObject;
import jakarta.ejb.SessionContext;

/**
 * The {@link SessionContext} of a session bean: the common {@link BeanContext} plus what
 * depends on the client's call (business object, invoked interface, cancellation).
 */
final class BeanSessionContext extends BeanContext implements SessionContext {

    BeanSessionContext(BeanContainer container) {
        super(container);
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
    public EJBLocalObject getEJBLocalObject() {
        throw new IllegalStateException("EJB 2.x component views are not supported");
    }

    @Override
    public EJBObject getEJBObject() {
        throw new IllegalStateException("EJB 2.x component views are not supported");
    }

    @Override
    public String toString() {
        return "SessionContext[" + container.name() + "]";
    }
}
