package dev.isola.appserver.jms.bench;

import jakarta.jms.ConnectionFactory;

/** One broker under test: a connection factory to a queue named {@value #QUEUE}. */
interface BenchProvider extends AutoCloseable {

    String QUEUE = "bench";

    /** Short name for tables and plots. */
    String name();

    /** What it guarantees, for the write-up. */
    String settings();

    ConnectionFactory connectionFactory();

    @Override
    void close();
}
