package dev.isola.appserver.testapps.warbeans.lib;

import jakarta.ejb.Stateless;

/** A stateless bean in a JAR of the WAR's WEB-INF/lib. */
@Stateless
public class Clock {

    public String zone() {
        return "UTC";
    }
}
