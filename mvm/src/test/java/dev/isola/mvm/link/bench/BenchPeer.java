package dev.isola.mvm.link.bench;

import dev.isola.mvm.invoke.Invoker;
import dev.isola.mvm.invoke.LinkPair;
import dev.isola.mvm.isolate.Isolate;
import dev.isola.mvm.link.BulkBuffer;
import dev.isola.mvm.link.Link;
import dev.isola.mvm.link.LinkClosedException;
import dev.isola.mvm.link.LinkMessage;
import dev.isola.mvm.link.codec.ClassAllowList;
import dev.isola.mvm.link.codec.ObjectCodec;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.rmi.server.RMIServerSocketFactory;
import java.rmi.server.UnicastRemoteObject;
import java.util.List;
import java.util.function.Consumer;

/**
 * The other isolate of the link benchmarks: it answers every transport the benchmarks compare.
 * Startup links, in order: echo requests and replies over shared memory, the same over a Unix
 * socket, invoker requests and replies, a one-way sink over shared memory and one over a Unix
 * socket. It also listens on loopback for JDK-serialization TCP echo, our-codec TCP echo and a
 * one-way TCP sink, and exports an RMI echo; it reports ports and the RMI stub on the first
 * reply link.
 */
public final class BenchPeer {

    private static final Echo IMPLEMENTATION = data -> data;

    public static void main(String[] args) throws Exception {
        List<Link> links = Isolate.current().startupLinks();
        daemon("echo-shm", () -> echoLinks(links.get(0), links.get(1)));
        daemon("echo-uds", () -> echoLinks(links.get(2), links.get(3)));
        Invoker.serve(EchoService.class, data -> data, new LinkPair(links.get(5), links.get(4)));
        daemon("sink-shm", () -> drain(links.get(6)));
        daemon("sink-uds", () -> drain(links.get(7)));

        InetAddress loopback = InetAddress.getLoopbackAddress();
        ServerSocket jdkTcp = new ServerSocket(0, 50, loopback);
        ServerSocket codecTcp = new ServerSocket(0, 50, loopback);
        ServerSocket sinkTcp = new ServerSocket(0, 50, loopback);
        accept(jdkTcp, BenchPeer::echoJdk);
        accept(codecTcp, BenchPeer::echoCodec);
        accept(sinkTcp, BenchPeer::drainTcp);
        RMIServerSocketFactory loopbackOnly = port -> new ServerSocket(port, 50, loopback);
        Echo stub = (Echo) UnicastRemoteObject.exportObject(IMPLEMENTATION, 0, null, loopbackOnly);
        ByteArrayOutputStream stubBytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(stubBytes)) {
            out.writeObject(stub);
        }
        links.get(1).send(LinkMessage.of(jdkTcp.getLocalPort() + " " + codecTcp.getLocalPort() + " " + sinkTcp.getLocalPort()));
        links.get(1).send(LinkMessage.of(stubBytes.toByteArray()));
        Thread.sleep(Long.MAX_VALUE);
    }

    private interface Task {
        void run() throws Exception;
    }

    private static void daemon(String name, Task task) {
        Thread.ofPlatform().daemon().name(name).start(() -> {
            try {
                task.run();
            } catch (LinkClosedException | IOException e) {
                // the benchmark went away
            } catch (Exception e) {
                e.printStackTrace();
            }
        });
    }

    private static void echoLinks(Link in, Link out) {
        while (true) {
            switch (in.receive()) {
                case LinkMessage.Bulk(BulkBuffer buffer) -> {
                    out.send(LinkMessage.of(new byte[1]));
                    buffer.close();
                }
                case LinkMessage.Bytes(byte[] data) when data.length > 4096 -> out.send(LinkMessage.of(new byte[1]));
                case LinkMessage message -> out.send(message);
            }
        }
    }

    private static void drain(Link in) {
        while (true) {
            in.receive();
        }
    }

    private static void accept(ServerSocket server, Consumer<Socket> handler) {
        daemon("accept-" + server.getLocalPort(), () -> {
            while (true) {
                Socket socket = server.accept();
                socket.setTcpNoDelay(true);
                daemon("tcp-" + socket.getPort(), () -> handler.accept(socket));
            }
        });
    }

    private static void echoJdk(Socket socket) {
        try (socket) {
            ObjectOutputStream out = new ObjectOutputStream(new BufferedOutputStream(socket.getOutputStream()));
            out.flush();
            ObjectInputStream in = new ObjectInputStream(new BufferedInputStream(socket.getInputStream()));
            for (int n = 1; ; n++) {
                out.writeUnshared(in.readUnshared());
                if (n % 1000 == 0) {
                    out.reset();
                }
                out.flush();
            }
        } catch (IOException | ClassNotFoundException e) {
            // connection closed
        }
    }

    private static void echoCodec(Socket socket) {
        ObjectCodec.Decoder decoder = ObjectCodec.newDecoder(ClassAllowList.defaults());
        ObjectCodec.Encoder encoder = ObjectCodec.newEncoder();
        try (socket) {
            DataInputStream in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
            DataOutputStream out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream()));
            byte[] buffer = new byte[1 << 16];
            while (true) {
                int length = in.readInt();
                in.readFully(buffer, 0, length);
                Object request = decoder.decode(buffer, 0, length);
                int n = encoder.encode(request, 0);
                out.writeInt(n);
                out.write(encoder.array(), 0, n);
                out.flush();
            }
        } catch (IOException e) {
            // connection closed
        }
    }

    private static void drainTcp(Socket socket) {
        try (socket) {
            DataInputStream in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
            byte[] buffer = new byte[1 << 16];
            while (true) {
                in.readFully(buffer, 0, in.readInt());
            }
        } catch (IOException e) {
            // connection closed
        }
    }
}
