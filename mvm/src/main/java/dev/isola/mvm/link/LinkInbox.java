package dev.isola.mvm.link;

import dev.isola.mvm.isolate.Isolate;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchService;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A rendezvous for links: any isolate can drop links into a running isolate's inbox, a
 * directory in that isolate's run directory, and the isolate picks them up. This is how an
 * isolate reaches one that is already running and holds none of its links, for example a
 * restarted supervisor re-adopting the isolates its predecessor created (their old links died
 * with the predecessor).
 *
 * <pre>
 *   new supervisor                           &lt;run dir of worker&gt;/inbox/          worker (running)
 *   Link.newLink(me, worker) ...                                                  LinkInbox.current()
 *   LinkInbox.deliver(worker, "control", ──▶ 17…-7f3a.links      ──── picked up ──▶   .listen(delivery -> ...)
 *                     requests, replies)     (label + link descriptors)          opens its ends
 * </pre>
 *
 * <p>A minimal use, on both sides:
 * <pre>{@code
 * // sender: worker is a handle from IsolateRegistry.adopt(...)
 * Link requests = Link.newLink(Isolate.current(), worker);
 * Link replies = Link.newLink(worker, Isolate.current());
 * LinkInbox.deliver(worker, "control", requests, replies);
 * // worker
 * LinkInbox.current().listen(delivery -> serve(delivery.links().get(0), delivery.links().get(1)));
 * }</pre>
 *
 * <p>A delivery is written to a temporary name and renamed into place, so the recipient sees
 * it whole or not at all, and is deleted once picked up. Links that cannot be opened by the
 * time the recipient picks them up (their other end's isolate is gone) are left out of the
 * delivery, which then reports them in {@link Delivery#unavailable()}. The inbox is only as
 * private as the run directory, which belongs to the user running the isolates: anyone who can
 * write there can already control the isolate.
 */
public final class LinkInbox {

    private static final System.Logger LOG = System.getLogger(LinkInbox.class.getName());
    private static final String SUFFIX = ".links";
    /** How often a listener looks again when the file-system watch reports nothing (lost events). */
    private static final Duration RESCAN = Duration.ofSeconds(1);

    /**
     * Links that arrived together.
     *
     * @param label       what the sender said they are for
     * @param links       the links, in the order given to {@link #deliver}, each opened at this isolate's end
     * @param unavailable descriptors of links that could not be opened, with the reason
     */
    public record Delivery(String label, List<Link> links, List<String> unavailable) {
        public Delivery {
            Objects.requireNonNull(label, "label");
            links = List.copyOf(links);
            unavailable = List.copyOf(unavailable);
        }
    }

    private final Path directory;

    private LinkInbox(Path directory) {
        this.directory = directory;
    }

    /**
     * The inbox of the current isolate, created if needed.
     *
     * @throws IllegalStateException if this JVM was not started as an isolate (it has no run directory)
     */
    public static LinkInbox current() {
        Path runDirectory = Isolate.current().runDirectory().orElseThrow(() -> new IllegalStateException(
                "isolate " + Isolate.current().id() + " has no run directory, so it has no inbox (start it with Isolate.start)"));
        Path directory = inboxOf(runDirectory);
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the link inbox " + directory, e);
        }
        return new LinkInbox(directory);
    }

    /**
     * Drops {@code links} into {@code recipient}'s inbox under {@code label}. The links may be
     * sent on (or closed) by this isolate right away; the recipient opens its own ends.
     *
     * @throws IllegalArgumentException if the label is blank or has a line break, or no link is given
     * @throws IllegalStateException    if the recipient has no run directory (a root isolate)
     * @throws UncheckedIOException     if the delivery cannot be written
     */
    public static void deliver(Isolate recipient, String label, Link... links) {
        Objects.requireNonNull(recipient, "recipient");
        if (label == null || label.isBlank() || label.contains("\n") || label.contains("\r")) {
            throw new IllegalArgumentException("inbox label '" + label + "' must be non-blank and on one line");
        }
        if (links.length == 0) {
            throw new IllegalArgumentException("a delivery to the inbox of isolate " + recipient.id() + " needs at least one link");
        }
        Path runDirectory = recipient.runDirectory().orElseThrow(() -> new IllegalStateException(
                "isolate " + recipient.id() + " has no run directory, so it has no inbox"));
        Path directory = inboxOf(runDirectory);
        StringBuilder content = new StringBuilder("label=").append(label).append('\n');
        for (Link link : links) {
            content.append("link=").append(link.descriptor().encode()).append('\n');
        }
        // Names sort by time of delivery, so the recipient takes deliveries in order.
        Instant now = Instant.now();
        String name = String.format("%019d-%s", now.getEpochSecond() * 1_000_000_000L + now.getNano(),
                HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextInt()));
        try {
            Files.createDirectories(directory);
            Path temporary = directory.resolve("." + name + ".tmp");
            Files.writeString(temporary, content, StandardCharsets.UTF_8);
            Files.move(temporary, directory.resolve(name + SUFFIX), StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot deliver links to the inbox of isolate " + recipient.id() + " (" + directory + ")", e);
        }
    }

    /** Where this inbox lives. */
    public Path directory() {
        return directory;
    }

    /**
     * The oldest delivery, waiting at most {@code timeout} for one.
     *
     * @throws LinkTimeoutException if none arrived in time
     */
    public Delivery take(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        try (WatchService watch = FileSystems.getDefault().newWatchService()) {
            directory.register(watch, StandardWatchEventKinds.ENTRY_CREATE);
            while (true) {
                List<Delivery> found = pickUp(1);
                if (!found.isEmpty()) {
                    return found.getFirst();
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new LinkTimeoutException("no delivery arrived in the link inbox " + directory + " within " + timeout);
                }
                var key = watch.poll(Math.min(left, RESCAN.toNanos()), TimeUnit.NANOSECONDS);
                if (key != null) {
                    key.pollEvents();
                    key.reset();
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot watch the link inbox " + directory, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LinkTimeoutException("interrupted while waiting on the link inbox " + directory);
        }
    }

    /**
     * Hands every delivery, the ones already waiting first, to {@code handler} on a daemon
     * thread of its own, for as long as this JVM runs. A handler that throws is logged and the
     * listener goes on.
     */
    public void listen(Consumer<Delivery> handler) {
        Objects.requireNonNull(handler, "handler");
        WatchService watch;
        try {
            watch = FileSystems.getDefault().newWatchService();
            directory.register(watch, StandardWatchEventKinds.ENTRY_CREATE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot watch the link inbox " + directory, e);
        }
        Thread.ofPlatform().daemon().name("mvm-link-inbox").start(() -> {
            try {
                while (true) {
                    for (Delivery delivery : pickUp(Integer.MAX_VALUE)) {
                        try {
                            handler.accept(delivery);
                        } catch (RuntimeException e) {
                            LOG.log(System.Logger.Level.WARNING, "link inbox " + directory + ": handling a '" + delivery.label()
                                    + "' delivery failed: " + e);
                        }
                    }
                    var key = watch.poll(RESCAN.toMillis(), TimeUnit.MILLISECONDS);
                    if (key != null) {
                        key.pollEvents();
                        key.reset();
                    }
                }
            } catch (InterruptedException | ClosedWatchServiceException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    /** Reads, opens and deletes up to {@code limit} deliveries, oldest first. */
    private List<Delivery> pickUp(int limit) {
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory, "*" + SUFFIX)) {
            entries.forEach(files::add);
        } catch (IOException e) {
            LOG.log(System.Logger.Level.WARNING, "cannot list the link inbox " + directory + ": " + e.getMessage());
            return List.of();
        }
        files.sort(null);
        List<Delivery> deliveries = new ArrayList<>();
        for (Path file : files) {
            if (deliveries.size() >= limit) {
                break;
            }
            List<String> lines;
            try {
                lines = Files.readAllLines(file, StandardCharsets.UTF_8);
                Files.delete(file);
            } catch (NoSuchFileException e) {
                continue;
            } catch (IOException e) {
                LOG.log(System.Logger.Level.WARNING, "cannot read link inbox delivery " + file + ": " + e.getMessage());
                continue;
            }
            deliveries.add(open(file, lines));
        }
        return deliveries;
    }

    private static Delivery open(Path file, List<String> lines) {
        String label = "";
        List<Link> links = new ArrayList<>();
        List<String> unavailable = new ArrayList<>();
        for (String line : lines) {
            if (line.startsWith("label=")) {
                label = line.substring("label=".length());
            } else if (line.startsWith("link=")) {
                String descriptor = line.substring("link=".length());
                try {
                    links.add(Link.open(descriptor));
                } catch (RuntimeException e) {
                    unavailable.add(descriptor + ": " + e.getMessage());
                }
            } else if (!line.isBlank()) {
                unavailable.add("line '" + line + "' of " + file.getFileName() + " is neither label= nor link=");
            }
        }
        return new Delivery(label, links, unavailable);
    }

    private static Path inboxOf(Path runDirectory) {
        return runDirectory.resolve("inbox");
    }
}
