package dev.isola.appserver.web;

import dev.isola.appserver.security.RealmSpec;
import dev.isola.appserver.security.RememberedChecks;
import org.apache.catalina.realm.GenericPrincipal;

import javax.naming.AuthenticationException;
import javax.naming.CommunicationException;
import javax.naming.Context;
import javax.naming.NamingEnumeration;
import javax.naming.NamingException;
import javax.naming.PartialResultException;
import javax.naming.ServiceUnavailableException;
import javax.naming.SizeLimitExceededException;
import javax.naming.directory.Attribute;
import javax.naming.directory.SearchControls;
import javax.naming.directory.SearchResult;
import javax.naming.ldap.InitialLdapContext;
import javax.naming.ldap.LdapContext;
import javax.naming.ldap.LdapName;
import javax.naming.ldap.Rdn;
import java.io.IOException;
import java.security.Principal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import java.util.logging.Logger;

/**
 * Tomcat's realm for a domain whose users are in an LDAP directory ({@link RealmSpec.Ldap}), as
 * GlassFish's LDAPRealm and Tomcat's JNDIRealm: a user signs in when a bind as its entry's DN with
 * the password given succeeds (the directory checks the password; no attribute is compared), and
 * the groups a search finds are its roles, as with {@link KeyfileRealm}. It speaks LDAP through the
 * JDK's own JNDI provider.
 *
 * <p>Each look-up opens its own connections and closes them: one for the searches, as the
 * realm's {@code bindDn} or anonymously, and one for the user's bind. The user's is never pooled
 * (a pooled connection would keep that user's identity for the next sign-in), and the searches'
 * is not either, so that a directory that restarted is asked afresh rather than through a dead
 * pooled connection. A successful sign-in, with its groups, is remembered for
 * {@link #REMEMBERED_FOR} (see there why, and why not longer).
 *
 * <p>A directory that fails signs nobody in (fails closed: 401, never 500); the failure is logged
 * once per kind until a look-up succeeds again, and one that cannot be reached is asked again only
 * {@link #UNREACHABLE_PAUSE} after each failure, sign-ins meanwhile refused at once
 * ({@link LookUpFailures}).
 */
public final class LdapRealm extends PasswordCheckingRealm {

    private static final Logger LOG = Logger.getLogger(LdapRealm.class.getName());
    /** How long sign-ins are refused at once after the directory could not be reached. */
    static final Duration UNREACHABLE_PAUSE = Duration.ofSeconds(5);
    /** How long a connection to the directory may take to open: a sign-in waits that long at most for a host that does not answer. */
    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);
    /** How long the directory may take to answer a bind or a search. */
    static final Duration READ_TIMEOUT = Duration.ofSeconds(10);
    /**
     * How long a successful sign-in (the name, a keyed hash of the password, the groups) is remembered. Why remember: HTTP Basic
     * clients send their credentials with every request, and each look-up costs the directory two connections (TLS
     * handshakes with ldaps), a bind and two searches. Why so short: the directory, not this realm, says who may sign in, so a
     * password changed, a user removed or a group changed there must count soon; for at most this long an old password and
     * old groups still sign in, while a new password is checked at once (it is not the remembered one).
     */
    static final Duration REMEMBERED_FOR = Duration.ofSeconds(60);
    /** Different credentials remembered at once; when full, they are forgotten and checked again. */
    private static final int REMEMBERED = 256;
    private static final String LDAP_CONTEXT_FACTORY = "com.sun.jndi.ldap.LdapCtxFactory";

    private final RealmSpec.Ldap spec;
    private final LookUpFailures failures;
    private final long rememberForNanos;
    private final LongSupplier nanoTime;
    private volatile Remembered remembered;

    /** Sign-ins remembered since {@code since} (nanoTime): all forgotten together once {@link #REMEMBERED_FOR} has passed. */
    private record Remembered(RememberedChecks checks, Map<String, List<String>> groups, long since) {
    }

    /** The directory answered, but not so that the user can be told apart: logged, the user refused. */
    private static final class LookUpException extends Exception {
        private final String kind;

        LookUpException(String kind, String message) {
            super(message);
            this.kind = kind;
        }
    }

    public LdapRealm(RealmSpec.Ldap spec) {
        this(spec, UNREACHABLE_PAUSE, REMEMBERED_FOR, System::nanoTime);
    }

    /**
     * @param unreachablePause how long sign-ins are refused at once after the directory could not be reached
     * @param rememberFor      how long a successful sign-in is remembered
     * @param nanoTime         the clock ({@link System#nanoTime} but in tests)
     */
    LdapRealm(RealmSpec.Ldap spec, Duration unreachablePause, Duration rememberFor, LongSupplier nanoTime) {
        this.spec = Objects.requireNonNull(spec, "spec");
        this.failures = new LookUpFailures(LOG, "the users' directory (" + spec.url() + ")", unreachablePause, nanoTime);
        this.rememberForNanos = rememberFor.toNanos();
        this.nanoTime = nanoTime;
        this.remembered = new Remembered(new RememberedChecks(REMEMBERED), new ConcurrentHashMap<>(), nanoTime.getAsLong());
    }

    @Override
    public Principal authenticate(String username, String credentials) {
        // An empty password would make the bind an unauthenticated one (RFC 4513, 5.1.2), which directories take as anonymous:
        // it proves nothing about the user and must sign nobody in.
        if (username == null || username.isEmpty() || credentials == null || credentials.isEmpty()) {
            return null;
        }
        Remembered known = current();
        if (known.checks().contains(username, credentials)) {
            List<String> groups = known.groups().get(username);
            if (groups != null) {
                return new GenericPrincipal(username, groups);
            }
        }
        if (failures.pausing()) {
            return null;
        }
        Optional<List<String>> groups;
        try {
            groups = signIn(username, credentials);
            failures.succeeded();
        } catch (LookUpException e) {
            failures.failed(e.kind, e.getMessage());
            return null;
        } catch (NamingException e) {
            if (isUnreachable(e)) {
                failures.unreachable(kind(e), "could not be reached (" + describe(e) + "); nobody can sign in until it answers");
            } else {
                failures.failed(kind(e), "failed (" + describe(e) + "); nobody can sign in until it answers");
            }
            return null;
        } catch (RuntimeException e) {
            failures.failed(e.getClass().getName(), "failed: " + e + "; nobody can sign in until it answers");
            return null;
        }
        if (groups.isEmpty()) {
            return null;
        }
        known.groups().put(username, groups.get());
        known.checks().remember(username, credentials);
        return new GenericPrincipal(username, groups.get());
    }

    /** The sign-ins remembered now: a new, empty set once the last has been kept {@link #REMEMBERED_FOR}, or is full. */
    private Remembered current() {
        Remembered known = remembered;
        if (nanoTime.getAsLong() - known.since() < rememberForNanos && !known.checks().isFull()) {
            return known;
        }
        synchronized (this) {
            if (remembered == known) {
                remembered = new Remembered(new RememberedChecks(REMEMBERED), new ConcurrentHashMap<>(), nanoTime.getAsLong());
            }
            return remembered;
        }
    }

    /** The user's groups if the password opens its entry; empty for an unknown user or a wrong password. */
    private Optional<List<String>> signIn(String username, String password) throws NamingException, LookUpException {
        LdapContext searches = spec.searchesUsers() || spec.searchesGroups() ? searchConnection() : null;
        try {
            Optional<String> dn = spec.searchesUsers() ? findUser(searches, username) : Optional.of(dnOf(username));
            if (dn.isEmpty() || !passwordOpens(dn.get(), password)) {
                return Optional.empty();
            }
            return Optional.of(spec.searchesGroups() ? groups(searches, dn.get(), username) : List.of());
        } finally {
            if (searches != null) {
                searches.close();
            }
        }
    }

    /** A connection for the searches, bound as {@code bindDn} or anonymous. */
    private LdapContext searchConnection() throws NamingException, LookUpException {
        try {
            return new InitialLdapContext(environment(spec.bindDn(), spec.bindPassword()), null);
        } catch (AuthenticationException e) {
            throw new LookUpException("bindDn refused", "refuses the realm's bindDn " + spec.bindDn() + " with its bindPassword ("
                    + describe(e) + "); nobody can sign in until the realm's configuration has a bindDn and bindPassword it takes");
        }
    }

    /** The DN of {@code userDnPattern} for {@code username}, escaped so that no character of the name can change the DN's structure. */
    private String dnOf(String username) {
        // Rdn.escapeValue escapes what RFC 4514 asks but NUL, which it lets through as it is.
        return spec.userDnPattern().replace("{0}", Rdn.escapeValue(username).replace("\0", "\\00"));
    }

    /** The DN of the one entry {@code userSearchFilter} finds for {@code username}, or empty when it finds none. */
    private Optional<String> findUser(LdapContext searches, String username) throws NamingException, LookUpException {
        // No attributes: only the DN is needed. Two at most: a second entry is all it takes to refuse.
        SearchControls controls = new SearchControls(SearchControls.SUBTREE_SCOPE, 2, (int) READ_TIMEOUT.toMillis(), new String[0], false, false);
        List<String> found = new ArrayList<>();
        // The JNDI provider escapes the filter's arguments (RFC 4515): a name like *)(uid=* is a value, not more filter.
        NamingEnumeration<SearchResult> results = searches.search(new LdapName(spec.userSearchBase()), spec.userSearchFilter(),
                new Object[] {username}, controls);
        try {
            while (results.hasMore()) {
                found.add(results.next().getNameInNamespace());
            }
        } catch (SizeLimitExceededException more) {
            // A third entry: more than one, as two already say.
        } catch (PartialResultException referencesNotFollowed) {
            // References to other servers end the results; they are not followed (see groups).
        } finally {
            results.close();
        }
        if (found.size() > 1) {
            throw new LookUpException("several entries for " + username, "finds more than one entry for user " + username + " (userSearchFilter "
                    + spec.userSearchFilter() + " under " + spec.userSearchBase() + ": " + found + "); that user cannot sign in until it finds one");
        }
        return found.stream().findFirst();
    }

    /**
     * Whether a bind as {@code dn} with {@code password} succeeds, on a connection of its own that is closed at once: never
     * pooled, since a pooled connection would stay bound as this user.
     */
    private boolean passwordOpens(String dn, String password) throws NamingException {
        try {
            new InitialLdapContext(environment(dn, password), null).close();
            return true;
        } catch (AuthenticationException wrongPasswordOrNoSuchEntry) {
            return false;
        }
    }

    /** The values of {@code groupNameAttribute} of the groups {@code groupSearchFilter} finds for the user. */
    private List<String> groups(LdapContext searches, String dn, String username) throws NamingException {
        SearchControls controls = new SearchControls(SearchControls.SUBTREE_SCOPE, 0, (int) READ_TIMEOUT.toMillis(),
                new String[] {spec.groupNameAttribute()}, false, false);
        List<String> groups = new ArrayList<>();
        NamingEnumeration<SearchResult> results = searches.search(new LdapName(spec.groupSearchBase()), spec.groupSearchFilter(),
                new Object[] {dn, username}, controls);
        try {
            while (results.hasMore()) {
                Attribute names = results.next().getAttributes().get(spec.groupNameAttribute());
                if (names == null) {
                    continue;
                }
                NamingEnumeration<?> values = names.getAll();
                while (values.hasMore()) {
                    if (values.next() instanceof String group && !group.isBlank() && !groups.contains(group.strip())) {
                        groups.add(group.strip());
                    }
                }
            }
        } catch (PartialResultException referencesNotFollowed) {
            // Referrals are ignored, and a directory that has references to other servers (Active Directory's other partitions,
            // below a domain's root) ends the results with this after the entries it holds itself: those are the answer.
        } finally {
            results.close();
        }
        return groups;
    }

    /** A JNDI environment for one connection bound as {@code dn} with {@code password}, or anonymous when {@code dn} is empty. */
    private Hashtable<String, Object> environment(String dn, String password) {
        Hashtable<String, Object> environment = new Hashtable<>();
        environment.put(Context.INITIAL_CONTEXT_FACTORY, LDAP_CONTEXT_FACTORY);
        environment.put(Context.PROVIDER_URL, spec.url());
        environment.put("com.sun.jndi.ldap.connect.timeout", Long.toString(CONNECT_TIMEOUT.toMillis()));
        environment.put("com.sun.jndi.ldap.read.timeout", Long.toString(READ_TIMEOUT.toMillis()));
        environment.put("com.sun.jndi.ldap.connect.pool", "false");
        environment.put(Context.REFERRAL, "ignore");
        if (dn.isEmpty()) {
            environment.put(Context.SECURITY_AUTHENTICATION, "none");
        } else {
            environment.put(Context.SECURITY_AUTHENTICATION, "simple");
            environment.put(Context.SECURITY_PRINCIPAL, dn);
            environment.put(Context.SECURITY_CREDENTIALS, password);
        }
        return environment;
    }

    /**
     * Whether the directory could not be reached, or did not answer in time: no connection (refused, no such host, a TLS
     * handshake that failed) or a read that timed out, which the JNDI provider reports as a plain NamingException.
     */
    private static boolean isUnreachable(NamingException e) {
        return e instanceof CommunicationException || e instanceof ServiceUnavailableException || e.getRootCause() instanceof IOException
                || (e.getMessage() != null && e.getMessage().contains("timed out"));
    }

    /** The kind of a failure, for logging it once: the exception's class and its cause's, not the message. */
    private static String kind(NamingException e) {
        return e.getClass().getName() + (e.getRootCause() == null ? "" : " " + e.getRootCause().getClass().getName());
    }

    private static String describe(NamingException e) {
        return e.getClass().getSimpleName() + ": " + e.getExplanation() + (e.getRootCause() == null ? "" : " (" + e.getRootCause() + ")");
    }
}
