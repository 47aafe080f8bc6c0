package dev.isola.mvm.isolate;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Tells isolate handles when their isolate rewrote its state file. One file-system watch
 * service (inotify on Linux) serves every isolate this process created, so status changes
 * arrive as they happen without a polling thread per isolate.
 */
final class StateWatcher {

    private static final String STATE_FILE = "state.properties";
    private static volatile StateWatcher instance;

    private final WatchService service;
    private final Map<WatchKey, Runnable> callbacks = new ConcurrentHashMap<>();

    private StateWatcher() throws IOException {
        this.service = FileSystems.getDefault().newWatchService();
        Thread.ofPlatform().daemon().name("mvm-state-watcher").start(this::dispatch);
    }

    static StateWatcher get() {
        StateWatcher watcher = instance;
        if (watcher == null) {
            synchronized (StateWatcher.class) {
                watcher = instance;
                if (watcher == null) {
                    try {
                        watcher = new StateWatcher();
                    } catch (IOException e) {
                        throw new UncheckedIOException("cannot watch isolate state files", e);
                    }
                    instance = watcher;
                }
            }
        }
        return watcher;
    }

    /** Runs {@code onChange} whenever the state file in {@code directory} is (re)written. */
    WatchKey watch(Path directory, Runnable onChange) throws IOException {
        WatchKey key = directory.register(service, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_MODIFY);
        callbacks.put(key, onChange);
        return key;
    }

    void cancel(WatchKey key) {
        callbacks.remove(key);
        key.cancel();
    }

    private void dispatch() {
        while (true) {
            WatchKey key;
            try {
                key = service.take();
            } catch (InterruptedException | ClosedWatchServiceException e) {
                return;
            }
            boolean stateChanged = false;
            for (WatchEvent<?> event : key.pollEvents()) {
                if (event.kind() == StandardWatchEventKinds.OVERFLOW
                        || (event.context() instanceof Path name && name.toString().equals(STATE_FILE))) {
                    stateChanged = true;
                }
            }
            Runnable callback = callbacks.get(key);
            if (stateChanged && callback != null) {
                try {
                    callback.run();
                } catch (RuntimeException e) {
                    System.getLogger(StateWatcher.class.getName())
                            .log(System.Logger.Level.WARNING, "isolate state callback failed", e);
                }
            }
            key.reset();
        }
    }
}
