package dev.isola.appserver.testapps.ejbs;

import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.ejb.PostActivate;
import jakarta.ejb.PrePassivate;
import jakarta.ejb.SessionContext;
import jakarta.ejb.Stateful;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/** Passivation capable: serializable, holding a bean reference and its SessionContext, which must survive. */
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

    public void write(String note) {
        notes.add(note);
    }

    public String read() {
        return "notes=" + notes + " passivated=" + passivations + " activated=" + activations + " transient=" + transientMarker
                + " gateUsable=" + (gate != null) + " contextUsable=" + (context.getBusinessObject(NotebookBean.class) != null);
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
