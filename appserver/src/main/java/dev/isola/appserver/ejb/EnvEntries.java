package dev.isola.appserver.ejb;

import dev.isola.appserver.deploy.DeploymentException;

/** Converts descriptor environment entry values to their declared types. */
public final class EnvEntries {

    private EnvEntries() {
    }

    public static Object convert(EjbJarXml.EnvEntry e, ClassLoader loader, DeploymentException.Location at) {
        String v = e.value();
        try {
            return switch (e.type()) {
                case "java.lang.String" -> v;
                case "java.lang.Integer" -> Integer.valueOf(v);
                case "java.lang.Long" -> Long.valueOf(v);
                case "java.lang.Boolean" -> Boolean.valueOf(v);
                case "java.lang.Double" -> Double.valueOf(v);
                case "java.lang.Float" -> Float.valueOf(v);
                case "java.lang.Short" -> Short.valueOf(v);
                case "java.lang.Byte" -> Byte.valueOf(v);
                case "java.lang.Character" -> {
                    if (v.length() != 1) {
                        throw new IllegalArgumentException("not one character");
                    }
                    yield v.charAt(0);
                }
                case "java.lang.Class" -> Class.forName(v, false, loader);
                default -> throw new IllegalArgumentException("unsupported env-entry-type " + e.type());
            };
        } catch (IllegalArgumentException | ClassNotFoundException ex) {
            throw at.error("env-entry " + e.name() + ": value '" + v + "' is not a " + e.type() + " (" + ex.getMessage() + ")");
        }
    }
}
