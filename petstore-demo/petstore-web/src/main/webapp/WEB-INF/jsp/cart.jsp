<%@ include file="/WEB-INF/jspf/taglibs.jspf" %>
<t:page title="Your cart">
  <h1>Your cart</h1>
  <c:if test="${param.expired == 'true'}"><p class="notice" role="status">Your cart was left alone for a long time and has been emptied.</p></c:if>
  <c:choose>
    <c:when test="${empty contents.lines}">
      <p class="notice">Your cart is empty. <a href="${ctx}/">Browse the catalog</a> to find a pet.</p>
    </c:when>
    <c:otherwise>
      <c:if test="${not empty errors}"><p class="notice error-summary" role="alert">Some quantities could not be changed; see the messages below.</p></c:if>
      <form id="cart-form" action="${ctx}/cart" method="post" novalidate>
        <input type="hidden" name="action" value="update">
        <table class="lines">
          <thead><tr><th scope="col">Pet</th><th scope="col">Price</th><th scope="col">Quantity</th><th scope="col">Total</th><th scope="col"><span class="visually-hidden">Remove</span></th></tr></thead>
          <tbody>
          <c:forEach var="line" items="${contents.lines}">
            <c:url var="itemUrl" value="/item"><c:param name="id" value="${line.itemId}"/></c:url>
            <c:set var="field" value="${'quantity.' += line.itemId}"/>
            <c:set var="fieldId" value="q-${fn:escapeXml(line.itemId)}"/>
            <tr>
              <td data-label="Pet">
                <a href="${fn:escapeXml(itemUrl)}"><c:out value="${line.productName}"/>: <c:out value="${line.itemName}"/></a>
                <span class="muted">item <c:out value="${line.itemId}"/></span>
                <c:if test="${line.exceedsStock()}"><p class="warning">Only ${line.stockWhenAdded} in stock; checkout will ask you to lower the quantity.</p></c:if>
              </td>
              <td data-label="Price">${ps:money(line.unitPrice)}</td>
              <td data-label="Quantity">
                <label class="visually-hidden" for="${fieldId}">Quantity of <c:out value="${line.productName}"/></label>
                <input class="quantity" id="${fieldId}" name="${fn:escapeXml(field)}" inputmode="numeric" size="3"
                       value="${fn:escapeXml(empty typed[line.itemId] ? line.quantity : typed[line.itemId])}"<c:if test="${not empty errors[field]}"> aria-invalid="true"</c:if>>
                <c:if test="${not empty errors[field]}"><p class="error"><c:out value="${errors[field]}"/></p></c:if>
              </td>
              <td data-label="Total">${ps:money(line.lineTotal())}</td>
              <td><button type="submit" form="remove-${fieldId}" class="link">Remove</button></td>
            </tr>
          </c:forEach>
          </tbody>
          <tfoot>
            <tr><th scope="row" colspan="3">Subtotal (${contents.itemCount} ${contents.itemCount == 1 ? 'pet' : 'pets'})</th><td class="subtotal">${ps:money(contents.subtotal)}</td><td></td></tr>
          </tfoot>
        </table>
        <div class="actions">
          <button type="submit" class="secondary">Update quantities</button>
          <a class="button" href="${ctx}/checkout">Proceed to checkout</a>
        </div>
      </form>
      <c:forEach var="line" items="${contents.lines}">
        <form id="remove-q-${fn:escapeXml(line.itemId)}" action="${ctx}/cart" method="post" hidden>
          <input type="hidden" name="action" value="remove">
          <input type="hidden" name="itemId" value="${fn:escapeXml(line.itemId)}">
        </form>
      </c:forEach>
    </c:otherwise>
  </c:choose>
  <p><a href="${ctx}/">Continue shopping</a></p>
</t:page>
