package dev.isola.deploytool;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The body of an upload: the file, with a progress bar on standard error while it is sent,
 * redrawn in place at most every 100 ms:
 * <pre>
 *   uploading petstore.ear [##############----------------]  47%  1.2 of 2.6 MB
 * </pre>
 * The bar is only drawn on a terminal; in scripts and with {@code --json} the upload is silent.
 */
final class ProgressBodyPublisher {

    private static final int WIDTH = 30;

    private ProgressBodyPublisher() {
    }

    static HttpRequest.BodyPublisher of(Path file, boolean showProgress, PrintStream terminal) throws IOException {
        long size = Files.size(file);
        if (!showProgress) {
            return HttpRequest.BodyPublishers.ofFile(file);
        }
        String name = file.getFileName().toString();
        return HttpRequest.BodyPublishers.fromPublisher(HttpRequest.BodyPublishers.ofInputStream(() -> {
            try {
                return new Counting(Files.newInputStream(file), size, name, terminal);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }), size);
    }

    private static final class Counting extends FilterInputStream {
        private final long size;
        private final String name;
        private final PrintStream terminal;
        private long sent;
        private long drawnAt;

        Counting(InputStream in, long size, String name, PrintStream terminal) {
            super(in);
            this.size = size;
            this.name = name;
            this.terminal = terminal;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                advance(1);
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = super.read(buffer, offset, length);
            if (n > 0) {
                advance(n);
            }
            return n;
        }

        private void advance(int n) {
            sent += n;
            long now = System.nanoTime();
            if (sent >= size || now - drawnAt > 100_000_000L) {
                drawnAt = now;
                terminal.print("\r" + bar(name, sent, size));
                if (sent >= size) {
                    terminal.println();
                }
                terminal.flush();
            }
        }
    }

    static String bar(String name, long sent, long size) {
        int percent = size == 0 ? 100 : (int) (sent * 100 / size);
        int filled = percent * WIDTH / 100;
        return String.format("uploading %s [%s%s] %3d%%  %.1f of %.1f MB", name, "#".repeat(filled), "-".repeat(WIDTH - filled), percent,
                sent / 1048576.0, size / 1048576.0);
    }
}
