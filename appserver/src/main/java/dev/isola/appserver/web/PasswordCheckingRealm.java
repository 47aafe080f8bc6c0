package dev.isola.appserver.web;

import org.apache.catalina.realm.RealmBase;

import java.security.Principal;

/**
 * A Tomcat realm that checks a password it is given against a stored hash and can do nothing
 * else: it never has a user's clear password, which DIGEST authentication would need, so Tomcat's
 * look-ups for that scheme find nobody. The domain's realms ({@link KeyfileRealm},
 * {@link JdbcRealm}, {@link LdapRealm}) are such realms and implement
 * {@code authenticate(String, String)} alone.
 */
abstract class PasswordCheckingRealm extends RealmBase {

    // Tomcat asks these only for authentication schemes these realms do not take (DIGEST needs the clear password).

    @Override
    protected final String getPassword(String username) {
        return null;
    }

    @Override
    protected final Principal getPrincipal(String username) {
        return null;
    }
}
