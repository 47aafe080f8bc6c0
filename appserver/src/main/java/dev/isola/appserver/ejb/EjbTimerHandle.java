package dev.isola.appserver.ejb;

import jakarta.ejb.NoSuchObjectLocalException;
import jakarta.ejb.Timer;
import jakarta.ejb.TimerHandle;

/**
 * The handle of a persistent timer: which application's bean's stored timer it is, so that it
 * can be kept (serialized, in a database row) and turned into the timer again, after a restart
 * too. As the specification has it, it is resolved by a bean of the same application, in one of
 * its business methods or callbacks.
 *
 * @param application the application's name
 * @param bean        the bean whose timer it is
 * @param id          the stored timer's id
 */
record EjbTimerHandle(String application, String bean, String id) implements TimerHandle {

    @Override
    public Timer getTimer() {
        CurrentCall call = CurrentCall.get();
        if (call == null) {
            throw new IllegalStateException("a timer handle is turned into its timer by a bean, in one of its business methods or callbacks");
        }
        EjbApplication here = call.container().application;
        if (!here.name().equals(application)) {
            throw new NoSuchObjectLocalException("the timer of this handle belongs to application " + application + ", not to " + here.name());
        }
        Timer timer = here.persistentTimer(bean, id);
        if (timer == null) {
            throw new NoSuchObjectLocalException("the timer of this handle (bean " + bean + ") has expired or was cancelled");
        }
        return timer;
    }
}
