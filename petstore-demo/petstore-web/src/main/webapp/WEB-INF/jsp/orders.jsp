<%@ include file="/WEB-INF/jspf/taglibs.jspf" %>
<t:page title="My orders">
  <h1>My orders</h1>
  <c:choose>
    <c:when test="${empty orders}"><p class="notice">You have not ordered anything yet. <a href="${ctx}/">Find a pet</a>.</p></c:when>
    <c:otherwise>
      <table class="lines orders">
        <thead><tr><th scope="col">Order</th><th scope="col">Placed</th><th scope="col">Pets</th><th scope="col">Total</th><th scope="col">Status</th></tr></thead>
        <tbody>
        <c:forEach var="order" items="${orders}">
          <tr>
            <td data-label="Order"><a href="${ctx}/order?id=${order.id}">Order ${order.id}</a></td>
            <td data-label="Placed">${ps:dateTime(order.placedAt)}</td>
            <td data-label="Pets">${order.itemCount}</td>
            <td data-label="Total">${ps:money(order.total)}</td>
            <td data-label="Status"><span class="status status-${fn:toLowerCase(order.status)}">${order.status.label()}</span></td>
          </tr>
        </c:forEach>
        </tbody>
      </table>
      <p class="muted">Orders under the approval limit are approved automatically within moments; reload to see status changes.</p>
    </c:otherwise>
  </c:choose>
</t:page>
