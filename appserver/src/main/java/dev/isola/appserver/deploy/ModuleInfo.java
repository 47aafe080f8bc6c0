package dev.isola.appserver.deploy;

import java.nio.file.Path;

/**
 * One module of an application, unpacked.
 *
 * @param name        the module name of the portable JNDI names: the descriptor's
 *                    {@code module-name}, else the URI without its extension
 * @param uri         its path inside the EAR ("shop-web.war"), or the archive's file name when standalone
 * @param directory   where it is unpacked
 * @param contextRoot for web modules, e.g. "/shop"; empty for EJB modules
 */
public record ModuleInfo(String name, String uri, ModuleKind kind, Path directory, String contextRoot) {
}
