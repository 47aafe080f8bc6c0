package dev.isola.domains.testapp.secured;

import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.ejb.EJBAccessException;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.util.concurrent.ExecutionException;

/**
 * {@code GET /vault/open/call?op=X} (anyone) and {@code /vault/members/call?op=X} (role
 * customers, HTTP Basic; web.xml) call the vault: {@code op} is who, balance, audit, sealed,
 * later (asynchronous who), runas (the auditor) or task (balance, from a task of the default
 * managed executor, which runs as the caller who submitted it); {@code op=web} answers what the web
 * container knows of the user. A refusal by the EJB container is answered 200 with
 * {@code denied: <its message>}, so that tests see the container's words.
 */
@WebServlet({"/open/call", "/members/call"})
public class VaultServlet extends HttpServlet {

    @EJB
    private Vault vault;
    @EJB
    private Auditor auditor;
    @Resource
    private ManagedExecutorService executor;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException, ServletException {
        response.setContentType("text/plain");
        String answer;
        try {
            answer = switch (String.valueOf(request.getParameter("op"))) {
                case "web" -> "remoteUser=" + request.getRemoteUser() + " customers=" + request.isUserInRole("customers") + " staff="
                        + request.isUserInRole("staff");
                case "who" -> vault.whoAmI();
                case "balance" -> vault.balance();
                case "audit" -> vault.audit();
                case "sealed" -> vault.sealed();
                case "later" -> vault.whoAmILater().get();
                case "runas" -> auditor.auditForCustomer();
                case "task" -> executor.submit(vault::balance).get();
                default -> "op is one of web, who, balance, audit, sealed, later, runas, task";
            };
        } catch (EJBAccessException e) {
            answer = "denied: " + e.getMessage();
        } catch (ExecutionException e) {
            answer = e.getCause() instanceof EJBAccessException denied ? "denied: " + denied.getMessage() : "failed: " + e.getCause();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ServletException(e);
        }
        response.getWriter().print(answer);
    }
}
