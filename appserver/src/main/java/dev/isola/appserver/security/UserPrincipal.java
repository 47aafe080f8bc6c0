package dev.isola.appserver.security;

import java.security.Principal;

/** A caller's principal as beans see it ({@code EJBContext.getCallerPrincipal}): equal to any other of the same name. */
public record UserPrincipal(String name) implements Principal {

    @Override
    public String getName() {
        return name;
    }

    @Override
    public String toString() {
        return name;
    }
}
