package dev.isola.appserver.jms.client;

import dev.isola.appserver.jms.message.Messages;
import dev.isola.appserver.jms.protocol.BrokerCommand;
import dev.isola.appserver.jms.protocol.BrokerReply;
import dev.isola.appserver.jms.protocol.DestinationRef;
import dev.isola.appserver.jms.protocol.MessageData;
import jakarta.jms.IllegalStateException;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.Queue;
import jakarta.jms.QueueBrowser;

import java.util.ArrayDeque;
import java.util.Enumeration;
import java.util.NoSuchElementException;

/**
 * Looks at the messages waiting in a queue without consuming them. Each enumeration walks
 * the queue in delivery order, a page at a time: it also sees messages that arrive behind
 * its position while it walks, and not those consumed meanwhile. A problem reaching the
 * broker surfaces from the enumeration as a {@code JMSRuntimeException}.
 */
final class IsolaQueueBrowser implements QueueBrowser {

    private static final int PAGE = 100;

    private final IsolaSession session;
    private final Queue queue;
    private final DestinationRef ref;
    private final String selector;
    private volatile boolean closed;

    IsolaQueueBrowser(IsolaSession session, Queue queue, DestinationRef ref, String selector) {
        this.session = session;
        this.queue = queue;
        this.ref = ref;
        this.selector = selector;
    }

    @Override
    public Queue getQueue() throws JMSException {
        checkOpen();
        return queue;
    }

    @Override
    public String getMessageSelector() throws JMSException {
        checkOpen();
        return selector;
    }

    private void checkOpen() throws JMSException {
        if (closed) {
            throw new IllegalStateException("the queue browser is closed");
        }
        session.checkOpen();
    }

    @Override
    public Enumeration<Message> getEnumeration() throws JMSException {
        checkOpen();
        return new Enumeration<>() {
            private final ArrayDeque<MessageData> page = new ArrayDeque<>();
            private long position = Long.MIN_VALUE;
            private boolean exhausted;

            @Override
            public boolean hasMoreElements() {
                while (page.isEmpty() && !exhausted && !closed) {
                    try {
                        BrokerReply.BrowsePage next = (BrokerReply.BrowsePage)
                                session.connection().call(new BrokerCommand.Browse(ref, selector, position, PAGE));
                        page.addAll(next.messages());
                        position = next.lastPosition();
                        exhausted = next.exhausted();
                    } catch (JMSException e) {
                        throw JmsExceptions.runtime(e);
                    }
                }
                return !page.isEmpty();
            }

            @Override
            public Message nextElement() {
                if (!hasMoreElements()) {
                    throw new NoSuchElementException("no more messages in " + ref);
                }
                MessageData data = page.poll();
                return Messages.received(data, 1, session.connection(), null, session.connection().objectFilter());
            }
        };
    }

    @Override
    public void close() {
        closed = true;
    }
}
