package dev.isola.appserver.support;

import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/**
 * Builds test applications with ShrinkWrap from classes of {@code dev.isola.appserver.testapps}.
 * Those classes are also on the test class path; the server still loads them from the
 * archive, because application class loaders look in the application first.
 */
public final class TestApps {

    private TestApps() {
    }

    public static JavaArchive ejbJar(String name, Class<?>... classes) {
        return ShrinkWrap.create(JavaArchive.class, name).addClasses(classes);
    }

    public static WebArchive war(String name, Class<?>... classes) {
        return ShrinkWrap.create(WebArchive.class, name).addClasses(classes);
    }

    public static JavaArchive library(String name, Class<?>... classes) {
        return ShrinkWrap.create(JavaArchive.class, name).addClasses(classes);
    }

    /**
     * An EAR laid out exactly as the maven-ear-plugin (3.x, Jakarta EE 10 descriptor) lays one
     * out: modules at the root under their bundle file names, libraries in {@code lib/}, and the
     * {@code application.xml} it generates (display name, one {@code <module>} per module, the
     * context root, the library directory).
     */
    public static EnterpriseArchive mavenStyleEar(String name, String displayName, JavaArchive ejb, WebArchive web, String contextRoot,
                                                  JavaArchive... libraries) {
        String xml = """
                <?xml version="1.0" encoding="UTF-8"?>
                <application xmlns="https://jakarta.ee/xml/ns/jakartaee" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
                xsi:schemaLocation="https://jakarta.ee/xml/ns/jakartaee https://jakarta.ee/xml/ns/jakartaee/application_10.xsd" version="10">
                  <display-name>%s</display-name>
                  <module>
                    <ejb>%s</ejb>
                  </module>
                  <module>
                    <web>
                      <web-uri>%s</web-uri>
                      <context-root>%s</context-root>
                    </web>
                  </module>
                  <library-directory>lib</library-directory>
                </application>
                """.formatted(displayName, ejb.getName(), web.getName(), contextRoot);
        EnterpriseArchive ear = ShrinkWrap.create(EnterpriseArchive.class, name)
                .addAsModule(ejb).addAsModule(web).setApplicationXML(new StringAsset(xml))
                .addAsManifestResource(new StringAsset("Manifest-Version: 1.0\nCreated-By: Apache Maven\n"), "MANIFEST.MF");
        for (JavaArchive lib : libraries) {
            ear.addAsLibrary(lib);
        }
        return ear;
    }

    /** An EAR without application.xml: modules found by convention. */
    public static EnterpriseArchive conventionEar(String name, JavaArchive ejb, WebArchive web, JavaArchive... libraries) {
        EnterpriseArchive ear = ShrinkWrap.create(EnterpriseArchive.class, name).addAsModule(ejb).addAsModule(web);
        for (JavaArchive lib : libraries) {
            ear.addAsLibrary(lib);
        }
        return ear;
    }
}
