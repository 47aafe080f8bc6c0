package dev.isola.appserver.web;

import dev.isola.appserver.inject.Injector;
import dev.isola.appserver.naming.Scopes;
import dev.isola.appserver.security.RoleMapping;

import java.nio.file.Path;

/**
 * What the web sub-server needs to run one web module.
 *
 * @param contextPath  "" for the root context, else "/name"
 * @param docBase      the unpacked WAR
 * @param parentLoader the application's loader (libraries and EJB modules): the parent of the module's web loader
 * @param scopes       the module's naming scopes ({@code java:comp} is {@code java:module} in a web module)
 * @param workDirectory where Jasper writes generated JSP classes
 * @param archiveSha256 the deployed archive's SHA-256, which keys the module's entry in the {@link JspCache}
 * @param roles         who of the domain's realm is in each role the module checks (security constraints, {@code isUserInRole})
 * @param classesInApplicationLoader the module packages enterprise beans, so {@code parentLoader} has its classes too, and its
 *                      web loader asks it first (otherwise the web loader would define a second class of each bean's name)
 */
public record WebModuleSpec(String application, String module, String contextPath, Path docBase, ClassLoader parentLoader, Injector injector,
                            Scopes scopes, Path workDirectory, String archiveSha256, RoleMapping roles, boolean classesInApplicationLoader) {
}
