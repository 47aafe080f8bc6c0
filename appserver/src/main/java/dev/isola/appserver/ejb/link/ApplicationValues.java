package dev.isola.appserver.ejb.link;

import dev.isola.appserver.ejb.ViewReference;
import dev.isola.mvm.invoke.RemoteFailureException;
import dev.isola.mvm.link.codec.ClassAllowList;

import java.util.Set;

/**
 * What may travel by value between the isolates of a separated domain in calls of one
 * application: the application's own classes (its libraries and EJB modules), the JDK value
 * types and collections links allow by default, the JDBC date and time types, and the EJB
 * exceptions. Nothing else is materialised on either side.
 */
final class ApplicationValues {

    private ApplicationValues() {
    }

    static ClassAllowList allowList(Set<String> applicationClasses) {
        return ClassAllowList.defaults()
                .allow(applicationClasses.toArray(String[]::new))
                .allow("jakarta.ejb.*", "java.sql.Date", "java.sql.Time", "java.sql.Timestamp")
                .allow(ViewReference.class, RemoteFailureException.class);
    }
}
