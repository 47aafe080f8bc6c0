package dev.isola.domains.testapp;

import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.exporter.ZipExporter;
import org.jboss.shrinkwrap.api.spec.EnterpriseArchive;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;

import java.nio.file.Path;

/**
 * The test EAR of the domain tests: servlet → EJB → JMS → MDB → Derby, in an EJB module and a
 * web module, as a user would package it (no descriptor: modules found by convention).
 */
public final class TestEars {

    /** Where the application answers, under a domain's HTTP root. */
    public static final String ORDERS_PATH = "/orders/orders";

    private TestEars() {
    }

    /** Writes {@code <directory>/<fileName>} and returns its path. */
    public static Path orders(Path directory, String fileName) {
        JavaArchive ejb = ShrinkWrap.create(JavaArchive.class, "orders-ejb.jar")
                .addClasses(OrderDesk.class, OrderDeskBean.class, OrderProcessorBean.class, SchemaBean.class);
        WebArchive web = ShrinkWrap.create(WebArchive.class, "orders.war").addClasses(OrdersServlet.class);
        EnterpriseArchive ear = ShrinkWrap.create(EnterpriseArchive.class, fileName).addAsModule(ejb).addAsModule(web);
        Path file = directory.resolve(fileName);
        ear.as(ZipExporter.class).exportTo(file.toFile(), true);
        return file;
    }
}
