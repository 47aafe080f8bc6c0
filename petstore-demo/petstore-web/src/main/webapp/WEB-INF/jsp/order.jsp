<%@ include file="/WEB-INF/jspf/taglibs.jspf" %>
<t:page title="Order ${order.id}">
  <c:if test="${justPlaced}">
    <ol class="steps"><li>Billing and shipping</li><li>Review</li><li class="current">Confirmation</li></ol>
    <p class="notice success" role="status">Thank you! Your order ${order.id} is placed. We will process it shortly; this page shows its status.</p>
  </c:if>
  <h1>Order ${order.id} <span class="status status-${fn:toLowerCase(order.status)}">${order.status.label()}</span></h1>
  <p class="muted">Placed ${ps:dateTime(order.placedAt)}</p>
  <table class="lines">
    <thead><tr><th scope="col">Pet</th><th scope="col">Price</th><th scope="col">Quantity</th><th scope="col">Total</th></tr></thead>
    <tbody>
    <c:forEach var="line" items="${order.lines}">
      <tr>
        <td data-label="Pet"><c:out value="${line.productName}"/>: <c:out value="${line.itemName}"/> <span class="muted">item <c:out value="${line.itemId}"/></span></td>
        <td data-label="Price">${ps:money(line.unitPrice)}</td>
        <td data-label="Quantity">${line.quantity}</td>
        <td data-label="Total">${ps:money(line.lineTotal())}</td>
      </tr>
    </c:forEach>
    </tbody>
    <tfoot><tr><th scope="row" colspan="3">Total</th><td class="subtotal">${ps:money(order.total)}</td></tr></tfoot>
  </table>
  <div class="addresses">
    <section><h2>Bill to</h2><t:showAddress address="${order.billing}"/></section>
    <section><h2>Ship to</h2><t:showAddress address="${order.shipping}"/></section>
    <section><h2>Paid with</h2><p><c:out value="${order.cardType}"/> ending in <c:out value="${order.cardLastFour}"/></p></section>
  </div>
  <section>
    <h2>Status history</h2>
    <ol class="timeline">
      <c:forEach var="event" items="${order.events}">
        <li><span class="status status-${fn:toLowerCase(event.status)}">${event.status.label()}</span> <span class="muted">${ps:dateTime(event.at)}</span><br><c:out value="${event.note}"/></li>
      </c:forEach>
    </ol>
  </section>
  <c:if test="${not empty order.notifications}">
    <section>
      <h2>Messages to you</h2>
      <c:forEach var="message" items="${order.notifications}">
        <article class="message">
          <h3><c:out value="${message.subject}"/></h3>
          <p class="muted">To <c:out value="${message.recipient}"/>, ${ps:dateTime(message.created)}</p>
          <p class="body"><c:out value="${message.body}"/></p>
        </article>
      </c:forEach>
    </section>
  </c:if>
  <p><a href="${ctx}/orders">All my orders</a></p>
</t:page>
