package dev.isola.appserver.testapps.ejbs;

import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.ejb.PostActivate;
import jakarta.ejb.PrePassivate;
import jakarta.ejb.SessionContext;
import jakarta.ejb.Stateful;
import jakarta.enterprise.concurrent.ManagedExecutorService;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;

/** Passivation capable: serializable, holding a bean reference, its SessionContext and a managed executor, which must survive. */
@Stateful
public class NotebookBean implements Serializable {
    private final List<String> notes = new ArrayList<>();
    private int passivations;
    private int activations;
    private transient String transientMarker = "set";

    @EJB
    private GateBean gate;

    @Resource
    private SessionContext context;

    @Resource
    private ManagedExecutorService executor;

    public void write(String note) {
        notes.add(note);
    }

    public String read() {
        return "notes=" + notes + " passivated=" + passivations + " activated=" + activations + " transient=" + transientMarker
                + " gateUsable=" + (gate != null) + " contextUsable=" + (context.getBusinessObject(NotebookBean.class) != null)
                + " executorUsable=" + executorUsable();
    }

    private boolean executorUsable() {
        try {
            return executor.submit(() -> true).get();
        } catch (InterruptedException | ExecutionException e) {
            return false;
        }
    }

    @PrePassivate
    void passivate() {
        passivations++;
    }

    @PostActivate
    void activate() {
        activations++;
    }
}
