package dev.isola.domains.testapp.secured;

import jakarta.annotation.Resource;
import jakarta.annotation.security.DenyAll;
import jakarta.annotation.security.PermitAll;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.AsyncResult;
import jakarta.ejb.Asynchronous;
import jakarta.ejb.SessionContext;
import jakarta.ejb.Stateless;

import java.util.concurrent.Future;

/** Permissions on the class (customers) and on methods ({@code @PermitAll}, staff, {@code @DenyAll}). */
@Stateless
@RolesAllowed("customers")
public class VaultBean implements Vault {

    @Resource
    private SessionContext context;

    @Override
    @PermitAll
    public String whoAmI() {
        return context.getCallerPrincipal().getName() + " customers=" + context.isCallerInRole("customers") + " staff="
                + context.isCallerInRole("staff");
    }

    @Override
    public String balance() {
        return "balance for " + context.getCallerPrincipal().getName();
    }

    @Override
    @RolesAllowed("staff")
    public String audit() {
        return "audited by " + context.getCallerPrincipal().getName();
    }

    @Override
    @DenyAll
    public String sealed() {
        return "never";
    }

    @Override
    @Asynchronous
    public Future<String> whoAmILater() {
        return new AsyncResult<>(whoAmI());
    }
}
