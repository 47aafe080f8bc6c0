package dev.isola.appserver.testapps.shop.web;

import dev.isola.appserver.testapps.shop.ejb.Catalog;
import jakarta.ejb.EJB;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;

@WebListener
public class StartupListener implements ServletContextListener {

    @EJB
    private Catalog catalog;

    @Override
    public void contextInitialized(ServletContextEvent sce) {
        sce.getServletContext().setAttribute("itemsAtStartup", catalog.items().size());
    }
}
