/**
 * Enterprise bean calls between the web isolate and the EJB isolate of a separated domain.
 *
 * <pre>
 *   web isolate                                             EJB isolate
 *   RemoteEjbApplication (names, proxies)                   EjbApplication (containers)
 *        │ BeanInvoker                                            ▲ BeanInvoker (by view method)
 *   EjbLinkClient ── control pair: Open(app) ──────────────▶ EjbLinkServer
 *        │        ◀─ Opened + two links ─────────────────────      │
 *   InvocationClient ── app's pair: target app/module/bean/view[#session], method key ──▶ InvocationServer ─▶ BeanCallDispatcher
 * </pre>
 *
 * <p>Each application has a pair of links of its own, whose codec sessions resolve classes in
 * the application's class loader on both sides and admit only the application's classes, the
 * JDK's value types and the EJB exceptions ({@code ApplicationValues}).
 */
package dev.isola.appserver.ejb.link;
