package dev.isola.appserver.testapps.leak;

import java.io.Serializable;

/** An application class carried in an ObjectMessage: deserialized by the application's loader. */
public record LeakPayload(String text) implements Serializable {
}
