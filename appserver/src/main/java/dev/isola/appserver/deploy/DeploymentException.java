package dev.isola.appserver.deploy;

/**
 * A deployment failed because of the application: the message names the archive, the module,
 * and where it applies the class and the member at fault, so that one log line tells the
 * developer what to fix. Nothing of the application is left deployed when this is thrown.
 */
public final class DeploymentException extends RuntimeException {

    private final String application;
    private final String module;
    private final String className;
    private final String member;
    private final String reason;

    public DeploymentException(String application, String module, String className, String member, String reason, Throwable cause) {
        super(format(application, module, className, member, reason), cause);
        this.application = application;
        this.module = module;
        this.className = className;
        this.member = member;
        this.reason = reason;
    }

    /** An error about a whole archive or application (no module). */
    public static DeploymentException of(String application, String reason) {
        return new DeploymentException(application, null, null, null, reason, null);
    }

    /** An error about a module. */
    public static DeploymentException inModule(String application, String module, String reason, Throwable cause) {
        return new DeploymentException(application, module, null, null, reason, cause);
    }

    /** An error about a class or one of its members; {@code member} may be null. */
    public static DeploymentException at(Location location, String reason, Throwable cause) {
        return new DeploymentException(location.application(), location.module(), location.className(), location.member(), reason, cause);
    }

    private static String format(String application, String module, String className, String member, String reason) {
        StringBuilder sb = new StringBuilder("application ").append(application);
        if (module != null) {
            sb.append(", module ").append(module);
        }
        if (className != null) {
            sb.append(", class ").append(className);
        }
        if (member != null) {
            sb.append(", member ").append(member);
        }
        return sb.append(": ").append(reason).toString();
    }

    public String application() { return application; }
    public String module() { return module; }
    public String className() { return className; }
    public String member() { return member; }
    public String reason() { return reason; }

    /** Where in an application something is: used to build precise deployment errors. */
    public record Location(String application, String module, String className, String member) {

        public Location inClass(String className) {
            return new Location(application, module, className, null);
        }

        public Location atMember(String member) {
            return new Location(application, module, className, member);
        }

        public DeploymentException error(String reason) {
            return at(this, reason, null);
        }

        public DeploymentException error(String reason, Throwable cause) {
            return at(this, reason, cause);
        }
    }
}
