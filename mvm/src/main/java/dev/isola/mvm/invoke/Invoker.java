package dev.isola.mvm.invoke;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Callable;

/**
 * Calls between isolates through an interface, over a pair of links: the caller holds a proxy,
 * the other isolate serves an object (or many, by target name), and arguments, results and
 * exceptions travel by value.
 *
 * <pre>
 *   caller isolate                                      server isolate
 *   catalog.find("cat") ─▶ request (id 17, "find(java.lang.String)", args) ─▶ dispatcher ─▶ bean
 *        ◀──────────────── reply (id 17, result or exception) ◀──────────────────────────
 * </pre>
 *
 * <p>A minimal use, with the pair {@code requests} (caller to server) and {@code replies}:
 * <pre>{@code
 * // server isolate
 * Invoker.serve(Catalog.class, new CatalogBean(), new LinkPair(replies, requests));
 * // caller isolate
 * Catalog catalog = Invoker.proxy(Catalog.class, new LinkPair(requests, replies));
 * Item cat = catalog.find("cat");
 * }</pre>
 *
 * <p>A realistic one: many beans behind one pair, routed by name, and a call with its own
 * timeout:
 * <pre>{@code
 * InvocationServer.start(pair, new Targets().register("catalog", Catalog.class, catalogBean)
 *                                           .register("orders", Orders.class, ordersBean));
 * InvocationClient client = InvocationClient.open(pair.reversed(), Duration.ofSeconds(30));
 * Orders orders = client.proxy(Orders.class, "orders");
 * Receipt r = Invoker.withTimeout(Duration.ofSeconds(2), () -> orders.place(cart));
 * }</pre>
 */
public final class Invoker {

    /** The timeout of calls made inside {@link #withTimeout}; unbound means the client's default. */
    static final ScopedValue<Duration> TIMEOUT = ScopedValue.newInstance();

    /** The timeout of proxies made with {@link #proxy(Class, LinkPair)}. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);

    private Invoker() {
    }

    /** A proxy calling the object served as {@code api}'s name on the other side of {@code links}. */
    public static <T> T proxy(Class<T> api, LinkPair links) {
        return proxy(api, api.getName(), links);
    }

    /** A proxy calling {@code target} on the other side of {@code links}, with its own client. */
    public static <T> T proxy(Class<T> api, String target, LinkPair links) {
        return InvocationClient.open(links, DEFAULT_TIMEOUT).proxy(api, target);
    }

    /** Serves {@code object} through {@code api}, under {@code api}'s name. */
    public static <T> InvocationServer serve(Class<T> api, T object, LinkPair links) {
        return InvocationServer.start(links, new Targets().register(api.getName(), api, object));
    }

    /** Runs {@code work}; proxy calls it makes on this thread wait at most {@code timeout} each. */
    public static <R> R withTimeout(Duration timeout, Callable<R> work) throws Exception {
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("a call timeout must be positive, not " + timeout);
        }
        return ScopedValue.where(TIMEOUT, timeout).call(work::call);
    }
}
