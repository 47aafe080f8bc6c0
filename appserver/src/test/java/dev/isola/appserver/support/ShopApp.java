package dev.isola.appserver.support;

import dev.isola.appserver.testapps.shop.ejb.Appender;
import dev.isola.appserver.testapps.shop.ejb.AppenderBean;
import dev.isola.appserver.testapps.shop.ejb.Catalog;
import dev.isola.appserver.testapps.shop.ejb.CatalogBean;
import dev.isola.appserver.testapps.shop.ejb.GreeterBean;
import dev.isola.appserver.testapps.shop.model.Greeting;
import dev.isola.appserver.testapps.shop.web.AuditFilter;
import dev.isola.appserver.testapps.shop.web.ShopServlet;
import dev.isola.appserver.testapps.shop.web.StartupListener;
import dev.isola.appserver.testapps.shop.web.StatusServlet;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/** The "shop" test application: lib/ model, an EJB module with three views, a web module with a JSP using JSTL. */
public final class ShopApp {

    private ShopApp() {
    }

    public static JavaArchive model() {
        return TestApps.library("shop-model-1.0.jar", Greeting.class);
    }

    public static JavaArchive ejb() {
        return TestApps.ejbJar("shop-ejb-1.0.jar", GreeterBean.class, Catalog.class, CatalogBean.class, Appender.class, AppenderBean.class)
                .addAsManifestResource(new StringAsset("""
                        <ejb-jar xmlns="https://jakarta.ee/xml/ns/jakartaee" version="4.0">
                          <enterprise-beans>
                            <session>
                              <ejb-name>GreeterBean</ejb-name>
                              <env-entry>
                                <env-entry-name>greeting</env-entry-name>
                                <env-entry-type>java.lang.String</env-entry-type>
                                <env-entry-value>Hello</env-entry-value>
                              </env-entry>
                            </session>
                          </enterprise-beans>
                        </ejb-jar>
                        """), "ejb-jar.xml");
    }

    public static WebArchive web() {
        return TestApps.war("shop-web-1.0.war", ShopServlet.class, AuditFilter.class, StartupListener.class, StatusServlet.class)
                .addAsWebResource(new StringAsset("""
                        <%@ page contentType="text/plain" %><%@ taglib prefix="c" uri="jakarta.tags.core" %><c:forEach var="i" items="${items}">[<c:out value="${i}"/>]</c:forEach>"""),
                        "items.jsp")
                .setWebXML(new StringAsset("""
                        <web-app xmlns="https://jakarta.ee/xml/ns/jakartaee" version="6.1">
                          <env-entry>
                            <env-entry-name>greeting-text</env-entry-name>
                            <env-entry-type>java.lang.String</env-entry-type>
                            <env-entry-value>hi</env-entry-value>
                          </env-entry>
                        </web-app>
                        """));
    }
}
