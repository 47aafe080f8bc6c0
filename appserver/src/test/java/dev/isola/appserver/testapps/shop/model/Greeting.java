package dev.isola.appserver.testapps.shop.model;

import java.io.Serializable;

/** A value from the EAR's lib/ directory, seen by both the EJB and the web module. */
public record Greeting(String text) implements Serializable {
}
