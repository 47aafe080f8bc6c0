package dev.isola.appserver.testapps.shop.web;

import dev.isola.appserver.testapps.shop.ejb.GreeterBean;
import jakarta.ejb.EJB;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;

/** Injected through Tomcat's instance manager like servlets are. */
@WebFilter("/*")
public class AuditFilter extends HttpFilter {

    @EJB
    private GreeterBean greeter;

    @Override
    protected void doFilter(HttpServletRequest req, HttpServletResponse res, FilterChain chain) throws IOException, ServletException {
        res.setHeader("X-Filter", greeter.greet("filter").text());
        chain.doFilter(req, res);
    }
}
